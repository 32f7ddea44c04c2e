// The optional blank worksheet of an assignment (docs/decisions/0041): the worksheet as printed, before any student
// wrote on it. The grading worker takes the class set's template from it, so the first page is read against it.
// Shared by the form (its card) and the server (its checks), so that both say the same.

/** Only one page can be the template: one file. */
export const BLANK_WORKSHEET_ONE_FILE = "Give one blank worksheet: a photo or scan of a single page.";
/** A Word file has no page to register photos onto; the worksheet itself must be seen. */
export const BLANK_WORKSHEET_NOT_WORD =
  "The blank worksheet must be a photo or scan of the page (PDF, PNG, JPG, JPEG or HEIC), not a Word document.";
