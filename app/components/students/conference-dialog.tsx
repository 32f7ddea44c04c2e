// Add Conference Item: files of the allowed types (several at once) or a camera photo with retake, a title that
// fills itself from the file name, and a submit button that waits for title, description and a file.
import { Form, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { FormAlert, SelectField, TextField } from "~/components/ui/field";
import { photoFileName, useCamera } from "~/hooks/use-camera";
import { useHydrated } from "~/hooks/use-hydrated";
import { CONFERENCE_ITEM_TYPES, CONFERENCE_SUBJECTS, IMPORTANCE } from "../../../core/constants";
import { CONFERENCE_TYPE_LABELS } from "~/schemas/classes";
import { primaryButton, secondaryButton, textareaClass } from "~/components/ui/kit";

export const CONFERENCE_ACCEPT = ".pdf,.doc,.docx,.jpg,.jpeg,.png,.gif";
export const CAMERA_FAILED = "Could not access camera. Please check permissions or use file upload instead.";
export const SELECT_FILE_FIRST = "Please select a file first";

const withoutExtension = (name: string) => name.replace(/\.[^.]+$/, "");

export function ConferenceItemDialog({
  error,
  fieldErrors,
  open,
}: {
  error?: string | null;
  fieldErrors?: Record<string, string[]>;
  open: boolean;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-item";
  const fileInput = useRef<HTMLInputElement>(null);
  const cam = useCamera();
  const [title, setTitle] = useState("");
  const [autoTitle, setAutoTitle] = useState(true);
  const [description, setDescription] = useState("");
  const [fileNames, setFileNames] = useState<string[]>([]);
  const [camera, setCamera] = useState<"off" | "live" | "taken">("off");
  const [photoUrl, setPhotoUrl] = useState<string | null>(null);

  const onFiles = (files: FileList | null) => {
    const names = files ? [...files].map((f) => f.name) : [];
    setFileNames(names);
    if (names[0] && (autoTitle || !title)) {
      setTitle(withoutExtension(names[0]));
      setAutoTitle(true);
    }
  };

  const startCamera = async () => {
    const outcome = await cam.start();
    if (outcome === "live") {
      setCamera("live");
      setPhotoUrl(null);
    } else if (outcome === "error") {
      window.alert(CAMERA_FAILED);
    }
  };

  const capture = async () => {
    const blob = await cam.capture(0.8);
    if (!blob || !fileInput.current) return;
    const taken = new Date();
    const file = new File([blob], photoFileName("photo", taken), { type: "image/jpeg" });
    const transfer = new DataTransfer();
    transfer.items.add(file);
    fileInput.current.files = transfer.files;
    setFileNames([file.name]);
    setPhotoUrl(URL.createObjectURL(blob));
    setCamera("taken");
    if (autoTitle || !title) {
      setTitle(`Photo taken ${taken.toLocaleDateString()}`);
      setAutoTitle(true);
    }
  };

  const ready = title.trim() !== "" && description.trim() !== "" && fileNames.length > 0;

  return (
    <details className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" open={open}>
      <summary className={`${primaryButton} cursor-pointer list-none`}>Add Conference Item</summary>
      <Form method="post" encType="multipart/form-data" className="mt-5 space-y-4" aria-label="Add Conference Item">
        <FormAlert message={busy ? null : error} />
        <div>
          <label htmlFor="conference-files" className="mb-1 block text-sm font-medium text-slate-700">
            Files
          </label>
          <input
            ref={fileInput}
            id="conference-files"
            type="file"
            name="files"
            multiple
            accept={CONFERENCE_ACCEPT}
            onChange={(e) => onFiles(e.currentTarget.files)}
            aria-describedby="conference-files-hint"
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-700"
          />
          <p id="conference-files-hint" className="mt-1 text-xs text-slate-500">
            PDF, DOC, DOCX, JPG, JPEG, PNG or GIF; up to 25 MB each. Several files make several items.
          </p>
          {hydrated ? (
            <div className="mt-3">
              {camera === "off" ? (
                <button type="button" className={secondaryButton} onClick={startCamera}>
                  Take Photo
                </button>
              ) : null}
              {camera === "live" ? (
                <div className="space-y-2">
                  <video {...cam.videoProps} muted className="w-full max-w-md rounded-lg bg-slate-900" aria-label="Camera preview" />
                  <div className="flex gap-2">
                    {/* Capturing before the first frame would save a black picture. */}
                    <button type="button" className={primaryButton} onClick={() => void capture()} disabled={!cam.ready}>
                      {cam.ready ? "Capture" : "Starting camera..."}
                    </button>
                    <button
                      type="button"
                      className={secondaryButton}
                      onClick={() => {
                        cam.stop();
                        setCamera("off");
                      }}
                    >
                      Cancel
                    </button>
                  </div>
                </div>
              ) : null}
              {camera === "taken" && photoUrl ? (
                <div className="space-y-2">
                  <img src={photoUrl} alt="What you just captured" className="w-full max-w-md rounded-lg" />
                  <button type="button" className={secondaryButton} onClick={startCamera}>
                    Retake
                  </button>
                </div>
              ) : null}
            </div>
          ) : null}
        </div>
        <TextField
          label="Title"
          id="conference-title"
          name="title"
          value={title}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            setAutoTitle(false);
          }}
          errors={fieldErrors?.title}
        />
        <div>
          <label htmlFor="conference-description" className="mb-1 block text-sm font-medium text-slate-700">
            Description
          </label>
          <textarea
            id="conference-description"
            name="description"
            rows={3}
            className={textareaClass}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          {fieldErrors?.description ? <p className="mt-1 text-sm text-red-700">{fieldErrors.description[0]}</p> : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label="Type"
            id="conference-type"
            name="type"
            placeholder="Choose type"
            defaultValue="work_sample"
            options={CONFERENCE_ITEM_TYPES.map((t) => ({ value: t, label: CONFERENCE_TYPE_LABELS[t] }))}
          />
          <SelectField
            label="Subject"
            id="conference-subject"
            name="subject"
            placeholder="Choose subject"
            defaultValue="General"
            options={CONFERENCE_SUBJECTS.map((s) => ({ value: s, label: s }))}
          />
          <SelectField
            label="Importance"
            id="conference-importance"
            name="importance"
            placeholder="Choose importance"
            defaultValue="medium"
            options={IMPORTANCE.map((i) => ({ value: i, label: i[0].toUpperCase() + i.slice(1) }))}
          />
        </div>
        <div>
          <label htmlFor="conference-notes" className="mb-1 block text-sm font-medium text-slate-700">
            Notes for the meeting <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea id="conference-notes" name="notes" rows={2} className={textareaClass} />
        </div>
        <div className="flex justify-end">
          <button type="submit" name="intent" value="add-item" className={primaryButton} disabled={busy || (hydrated && !ready)}>
            {busy ? "Uploading..." : "Add to Conference Folder"}
          </button>
        </div>
      </Form>
    </details>
  );
}
