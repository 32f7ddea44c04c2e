// Where a class set's reading lives in R2 (docs/decisions/0038): each page's word boxes until the worksheet's
// template is settled, and the template itself. Under the teacher's prefix, so account deletion takes them;
// the web side deletes them with their assignment or student, the grading worker writes them.

export function classSetPrefix(teacherId: string, assignmentId: string): string {
  return `teachers/${teacherId}/class-sets/${assignmentId}/`;
}

/** Where the pages' word boxes are kept until the template is settled, one object a submission. */
export function classSetPagesPrefix(teacherId: string, assignmentId: string): string {
  return `${classSetPrefix(teacherId, assignmentId)}pages/`;
}

export function classSetPageKey(teacherId: string, assignmentId: string, submissionId: string): string {
  return `${classSetPagesPrefix(teacherId, assignmentId)}${submissionId}.json`;
}

/**
 * The page's cleaned strips around its lines (JSON, their JPEGs in base64), kept as long as its words: a regrade
 * against the template cuts its answer crops again.
 */
export function classSetPageImageKey(teacherId: string, assignmentId: string, submissionId: string): string {
  return `${classSetPrefix(teacherId, assignmentId)}page-images/${submissionId}.json`;
}

export function classSetTemplateKey(teacherId: string, assignmentId: string): string {
  return `${classSetPrefix(teacherId, assignmentId)}template.json`;
}

/** What became of the assignment's blank worksheet when it could not be made a template (docs/decisions/0041). */
export function classSetBlankKey(teacherId: string, assignmentId: string): string {
  return `${classSetPrefix(teacherId, assignmentId)}blank.json`;
}
