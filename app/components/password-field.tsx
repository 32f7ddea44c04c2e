import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState, type InputHTMLAttributes } from "react";
import { TextField } from "./ui/field";

/** A password input with a show/hide toggle (the toggle needs JavaScript; the field works without it). */
export function PasswordField(props: InputHTMLAttributes<HTMLInputElement> & { label: string; errors?: string[]; errorId?: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 pr-16 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-slate-100 aria-[invalid=true]:border-red-500"
    >
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 px-3 text-xs font-medium text-slate-600 hover:text-slate-900"
        aria-label={visible ? "Hide password" : "Show password"}
        aria-pressed={visible}
      >
        {visible ? "Hide" : "Show"}
      </button>
    </TextField>
  );
}

type PasswordMetadata = FieldMetadata<string, Record<string, unknown>, string[]>;

/** 'New password' and 'Confirm new password', as the reset page and Settings ask for them. */
export function NewPasswordFields({ password, confirmPassword }: { password: PasswordMetadata; confirmPassword: PasswordMetadata }) {
  return (
    <>
      <PasswordField
        label="New password"
        {...getInputProps(password, { type: "password" })}
        autoComplete="new-password"
        errors={password.errors}
        errorId={password.errorId}
      />
      <PasswordField
        label="Confirm new password"
        {...getInputProps(confirmPassword, { type: "password" })}
        autoComplete="new-password"
        errors={confirmPassword.errors}
        errorId={confirmPassword.errorId}
      />
    </>
  );
}
