// The manual-enrollment list of the create-class form, as hidden inputs students[i].name / students[i].email.
export type DraftStudent = { name: string; email: string };

export function readStudentRows(formData: FormData): DraftStudent[] {
  const rows: DraftStudent[] = [];
  for (let i = 0; i < 500; i++) {
    const name = formData.get(`students[${i}].name`);
    const email = formData.get(`students[${i}].email`);
    if (name == null && email == null) break;
    rows.push({
      name: String(name ?? "").trim(),
      email: String(email ?? "")
        .trim()
        .toLowerCase(),
    });
  }
  return rows;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const BOTH_REQUIRED = "Enter both a name and an email to add a student.";

/** A row joins the list only when both name and e-mail are filled (spec section 5). */
export function addDraftStudent(rows: DraftStudent[], name: string, email: string): { rows: DraftStudent[]; error: string | null } {
  const n = name.trim();
  const e = email.trim().toLowerCase();
  if (!n || !e) return { rows, error: BOTH_REQUIRED };
  if (!EMAIL.test(e)) return { rows, error: "Please enter a valid email address" };
  if (rows.some((r) => r.email === e)) return { rows, error: `${e} is already in the list.` };
  return { rows: [...rows, { name: n, email: e }], error: null };
}
