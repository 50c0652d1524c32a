import { useId } from "react";

/** The labelled admin-token input every admin action shows (a password field, never autofilled). */
export function AdminTokenField({ value, onChange, className = "w-64" }: { value: string; onChange: (token: string) => void; className?: string }) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        Admin token
      </label>
      <input id={id} type="password" autoComplete="off" required value={value} onChange={(event) => onChange(event.target.value)} className={`input max-w-full ${className}`} />
    </div>
  );
}
