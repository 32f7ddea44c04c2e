// The optional 'Blank Worksheet' card beside the answer key (docs/decisions/0041): one photo or scan of the worksheet
// before any student wrote on it. The class set's printed template is taken from it, so every page, the first
// included, is read against it. One file: a new pick replaces the old. It has its own camera and Drive browser so
// that the create form only mounts it and appends its file.
import { useState } from "react";
import { CameraModal } from "~/components/assignments/camera-modal";
import { UploadCard, usePickedFiles } from "~/components/assignments/upload-card";
import { DrivePicker, type DrivePick } from "~/components/google/drive-picker";
import type { useGoogleDrive } from "~/hooks/use-google-drive";
import { BLANK_WORKSHEET_NOT_WORD } from "~/lib/blank-worksheet";
import { FILE_FIELDS } from "~/schemas/assignments";

const isWord = (file: File) => /\.docx?$/i.test(file.name) || /word/i.test(file.type);

/** The card's state, kept by the form so that its upload survives the card being re-rendered. */
export function useBlankWorksheet() {
  const picked = usePickedFiles();
  const [drivePick, setDrivePick] = useState<DrivePick | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const clear = () => {
    for (const f of picked.files) picked.remove(f.id);
    setDrivePick(null);
  };
  return {
    files: picked.files,
    drivePick,
    problem,
    /** Keeps the last file given, unless it is a Word document (no page to read the printed text from). */
    add(list: File[]) {
      const last = list[list.length - 1];
      if (!last) return;
      if (isWord(last)) return setProblem(BLANK_WORKSHEET_NOT_WORD);
      setProblem(null);
      clear();
      picked.add([last]);
    },
    remove: picked.remove,
    pickFromDrive(picks: DrivePick[]) {
      const last = picks[picks.length - 1];
      if (!last) return;
      clear();
      setDrivePick(last);
    },
    removeDrivePick: () => setDrivePick(null),
    /** Adds the blank worksheet to the body the form sends to the JSON API. */
    appendTo(body: FormData) {
      for (const f of picked.files) body.append(FILE_FIELDS.blank_worksheet, f.file);
      if (drivePick) body.append(`drive_${FILE_FIELDS.blank_worksheet}`, drivePick.id); // copied from Drive server-side
    },
  };
}

export function BlankWorksheetCard({
  blank,
  hydrated,
  isMobile,
  maxBytes,
  drive,
}: {
  blank: ReturnType<typeof useBlankWorksheet>;
  hydrated: boolean;
  isMobile: boolean;
  maxBytes: number;
  /** Google Drive, when it is set up on this server. */
  drive?: ReturnType<typeof useGoogleDrive>;
}) {
  const [camera, setCamera] = useState(false);
  const [picker, setPicker] = useState(false);
  return (
    <>
      <UploadCard
        title="Blank Worksheet (optional)"
        description="A photo or scan of one unfilled copy of the worksheet. Gradewell learns the printed text from it, so every student's page, the first included, is read against it."
        field={FILE_FIELDS.blank_worksheet}
        files={blank.files}
        onAdd={blank.add}
        onRemove={blank.remove}
        onSnap={() => setCamera(true)}
        hydrated={hydrated}
        isMobile={isMobile}
        maxBytes={maxBytes}
        drive={
          drive
            ? {
                onOpen: () => setPicker(true),
                picks: blank.drivePick ? [blank.drivePick] : [],
                onRemove: blank.removeDrivePick,
              }
            : undefined
        }
      >
        {blank.problem ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {blank.problem}
          </p>
        ) : null}
      </UploadCard>
      <CameraModal open={camera} onClose={() => setCamera(false)} onPhoto={(file) => blank.add([file])} />
      {drive ? <DrivePicker open={picker} onClose={() => setPicker(false)} drive={drive} onSelect={blank.pickFromDrive} /> : null}
    </>
  );
}
