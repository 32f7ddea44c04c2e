import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";

export function FieldError({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {errors[0]}
    </p>
  );
}

export function FormAlert({ id, message }: { id?: string; message?: string | null }) {
  if (!message) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </div>
  );
}

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-slate-100 aria-[invalid=true]:border-red-500";

export function TextField({
  label,
  errors,
  errorId,
  children,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; errors?: string[]; errorId?: string; children?: ReactNode }) {
  return (
    <div>
      <label htmlFor={props.id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input className={inputClass} {...props} />
        {children}
      </div>
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

export function SelectField({
  label,
  errors,
  errorId,
  options,
  placeholder,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  errors?: string[];
  errorId?: string;
  options: readonly { value: string; label: string }[];
  placeholder: string;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select className={inputClass} {...props}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

export function Spinner({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" fill="none" opacity="0.25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" fill="none" />
    </svg>
  );
}
