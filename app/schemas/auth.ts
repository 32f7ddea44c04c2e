// One schema per form or API body, shared by the browser's validation and the server's.
// Messages are the spec's (section 5), word for word, in the spec's order.
import { z } from "zod";
import { GRADE_LEVELS } from "../../core/constants";

export const MIN_PASSWORD_LENGTH = 8;

export const US_STATES = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
] as const;

const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`);
const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .pipe(z.email("Please enter a valid email address"))
  .transform((value) => value.toLowerCase());

export const RegisterForm = z
  .object({
    firstName: required("First name"),
    lastName: required("Last name"),
    username: required("Username").max(50, "Username must be at most 50 characters"),
    email,
    schoolName: required("School name"),
    state: z.enum(US_STATES, { error: "State is required" }),
    gradeLevel: z.enum(GRADE_LEVELS, { error: "Grade level is required" }),
    password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
    agreeToTerms: z.literal("on", { error: "Please agree to the Terms of Service and Privacy Policy" }).optional(),
  })
  .superRefine((data, ctx) => {
    // Checked in the spec's order; only the first failure is shown.
    if (data.password !== data.confirmPassword) ctx.addIssue({ code: "custom", path: [], message: "Passwords do not match" });
    else if (data.password.length < MIN_PASSWORD_LENGTH)
      ctx.addIssue({ code: "custom", path: [], message: "Password must be at least 8 characters long" });
    else if (data.agreeToTerms !== "on")
      ctx.addIssue({ code: "custom", path: [], message: "Please agree to the Terms of Service and Privacy Policy" });
  });

export const LoginForm = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
  redirectTo: z.string().optional(),
});

/** POST /api/auth/register: the spec sends name, email and password; the other registration fields are optional. */
export const RegisterBody = z.strictObject({
  name: required("Name").max(120, "Name must be at most 120 characters"),
  email,
  password: z
    .string({ error: "Password is required" })
    .min(MIN_PASSWORD_LENGTH, "Password must be at least 8 characters long")
    .max(200, "Password must be at most 200 characters"),
  username: z.string().trim().max(50).optional(),
  school_name: z.string().trim().max(200).optional(),
  state: z.enum(US_STATES).optional(),
  grade_level: z.enum(GRADE_LEVELS).optional(),
});

export const LoginBody = z.strictObject({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
});

export const ProfileBody = z
  .object({
    name: z.string().trim().min(1, "Name cannot be empty").max(120).optional(),
    username: z.string().trim().max(50).optional(),
    school_name: z.string().trim().max(200).optional(),
    state: z.enum(US_STATES).optional(),
    grade_level: z.enum(GRADE_LEVELS).optional(),
  })
  .strict();

export const ChangePasswordBody = z.strictObject({
  current_password: z.string({ error: "Current password is required" }).min(1, "Current password is required"),
  new_password: z
    .string({ error: "New password is required" })
    .min(MIN_PASSWORD_LENGTH, "Password must be at least 8 characters long")
    .max(200, "Password must be at most 200 characters"),
});
