// What the student page's action answers: the intent it handled, a message or error, and the conform replies of its forms.
import { type SubmissionResult } from "@conform-to/react";

export type StudentPageResult = {
  intent: string;
  message?: string;
  error?: string;
  note?: SubmissionResult<string[]>;
  details?: SubmissionResult<string[]>;
};
