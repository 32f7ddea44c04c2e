// What the student page's action answers: the intent it handled, a message or error, and the conform replies of its forms.
import { type SubmissionResult } from "@conform-to/react";
import type { IntentReply } from "~/lib/intent-reply";

export type StudentPageResult = IntentReply<{ note?: SubmissionResult<string[]>; details?: SubmissionResult<string[]> }>;
