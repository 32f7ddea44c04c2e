// After grading: each graded student's report and the class's grade CSV into Drive, under the Gradewell folder
// (created when absent) in a folder named after the assignment.
import type { Db } from "../../../core/db/client";
import { assignmentExport } from "../exports.server";
import type { DriveCall } from "./api.server";
import { DEFAULT_FOLDER_NAME, ensureFolder, uploadFile } from "./drive.server";
import { gradedReports } from "./reports.server";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export class NothingToSaveError extends Error {}

export async function saveAssignmentToDrive(db: Db, drive: DriveCall, assignmentId: string) {
  const built = await gradedReports(db, drive.teacherId, assignmentId);
  if (!built) return null;
  if (built.reports.length === 0) throw new NothingToSaveError("There is no graded work to save yet.");
  const root = await ensureFolder(drive.config, drive.accessToken, DEFAULT_FOLDER_NAME);
  const folder = await ensureFolder(drive.config, drive.accessToken, built.assignment.title.slice(0, 200), root.id);
  const saved = [];
  for (const report of built.reports) {
    const file = await uploadFile(drive.config, drive.accessToken, {
      name: report.fileName,
      mimeType: DOCX,
      content: report.bytes,
      folderId: folder.id,
    });
    saved.push({ file_id: file.id, file_name: file.name, submission_id: report.submissionId });
  }
  const csv = await assignmentExport(db, drive.teacherId, assignmentId);
  if (csv) {
    const file = await uploadFile(drive.config, drive.accessToken, {
      name: csv.fileName,
      mimeType: "text/csv",
      content: csv.csv,
      folderId: folder.id,
    });
    saved.push({ file_id: file.id, file_name: file.name, submission_id: null });
  }
  return { folder_id: folder.id, folder_name: `${root.name}/${folder.name}`, files: saved };
}
