// Said where a teacher enters a Canvas assignment id (the export dialog) and by the Canvas export's column checks.

/** Canvas creates a new assignment for a 'Title (id)' column whose id is not one of the course's assignments. */
export const CANVAS_ID_WARNING =
  "Give only the id of an assignment published in this Canvas course: for an id Canvas does not find there, it creates a new assignment on every import.";
