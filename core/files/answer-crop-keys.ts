// Where the crops of a submission's answers live in R2 (issue 30, step 7): one small PNG a question, cut by the
// grading worker from the cleaned page, served to the teacher beside the text read. Under the teacher's prefix, so
// account deletion takes them; the web side deletes them with their submission's assignment or student.

export function answerCropPrefix(teacherId: string, submissionId: string): string {
  return `teachers/${teacherId}/answers/${submissionId}/`;
}

export function answerCropKey(teacherId: string, submissionId: string, questionNumber: number | string): string {
  return `${answerCropPrefix(teacherId, submissionId)}${questionNumber}.png`;
}

/**
 * The link to a question's answer crop, for the review screens, the job's live stream and the JSON API: null when
 * the question has none (a typed document, no answer found).
 */
export function answerCropUrl(q: {
  submissionId: string;
  questionNumber: string | number;
  cropKey: string | null | undefined;
}): string | null {
  return q.cropKey
    ? `/api/submissions/${encodeURIComponent(q.submissionId)}/questions/${encodeURIComponent(String(q.questionNumber))}/crop`
    : null;
}
