// How to reach Gradewell (spec section 9): shown by the contact and support pages.
import { CONTACT_TYPES } from "../../core/constants";

export type ContactType = (typeof CONTACT_TYPES)[number];

export const CONTACT_TYPE_LABELS: Record<ContactType, string> = {
  general: "General inquiry",
  support: "Technical support",
  sales: "Sales",
  partnership: "Partnership",
  feedback: "Feedback",
};

export const SUPPORT_EMAIL = "support@gradewell.app";
export const SALES_EMAIL = "sales@gradewell.app";
/** 555-01xx numbers are reserved for fiction; replace with the real line before launch. */
export const SUPPORT_PHONE = { display: "+1 (555) 010-4723", href: "tel:+15550104723" };

export const SUPPORT_HOURS: readonly { days: string; hours: string }[] = [
  { days: "Monday - Friday", hours: "8 AM - 6 PM PST" },
  { days: "Saturday", hours: "9 AM - 3 PM PST" },
  { days: "Sunday", hours: "Closed" },
];

export const RESPONSE_TIMES: readonly { label: string; time: string }[] = [
  { label: "General inquiries", time: "Within 24 hours" },
  { label: "Technical support", time: "Within 4 hours" },
  { label: "Sales questions", time: "Within 2 hours" },
  { label: "Urgent issues", time: "Within 1 hour" },
];

export function parseContactType(value: string | null | undefined): ContactType {
  return (CONTACT_TYPES as readonly string[]).includes(value ?? "") ? (value as ContactType) : "general";
}
