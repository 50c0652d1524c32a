import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../lib/routes";

export function Loading({ label = "Loading…" }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-3 p-6 text-sm text-slate-600">
      <span className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-slate-600" aria-hidden />
      {label}
    </div>
  );
}

/** A failure a retry may cure. `level` makes its title a heading: 1 when it stands for the whole screen. */
export function ErrorState({ title = "Something went wrong", message, retry, level }: { title?: string; message: string; retry?: () => void; level?: 1 | 2 }) {
  const Title = level === 1 ? "h1" : level === 2 ? "h2" : "p";
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <Title className="font-semibold">{title}</Title>
      <p className="mt-1">{message}</p>
      {retry && (
        <button type="button" onClick={retry} className="btn mt-3">
          Try again
        </button>
      )}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
      <p className="font-medium text-slate-700">{title}</p>
      {children && <div className="mt-1">{children}</div>}
    </div>
  );
}

/** What an address names does not exist: said as such, with the ways on, and no "Try again" (it would
 * fail the same way). `level` 1 when it stands for the whole screen (its only heading). */
export function NotFound({ title, children, level = 1 }: { title: string; children?: ReactNode; level?: 1 | 2 }) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <section className="rounded-lg border border-slate-300 bg-white p-6 text-sm text-slate-700" data-testid="not-found">
      <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>
      {children && <div className="mt-1">{children}</div>}
      <p className="mt-3 flex flex-wrap gap-x-4">
        <Link to={paths.ask} className="link tap">
          Ask a question
        </Link>
        <Link to={paths.browse} className="link tap">
          Browse the filings
        </Link>
      </p>
    </section>
  );
}

/** A failed load: not found (final) or an error that a retry may cure. */
export function LoadFailed({ title, notFoundTitle, resource, level = 1 }: { title: string; notFoundTitle: string; resource: { message: string; notFound: boolean; retry: () => void }; level?: 1 | 2 }) {
  if (resource.notFound) {
    return (
      <NotFound title={notFoundTitle} level={level}>
        {resource.message}
      </NotFound>
    );
  }
  return <ErrorState title={title} message={resource.message} retry={resource.retry} level={level} />;
}

/** A link for keyboard users past a long run of links (e.g. the page thumbnails): it moves the focus to
 * `target` (which must take focus: tabIndex -1), without touching the address. Seen only when focused. */
export function SkipLink({ target, children }: { target: string; children: ReactNode }) {
  return (
    <a
      href={`#${target}`}
      onClick={(event) => {
        const element = document.getElementById(target);
        if (!element) return;
        event.preventDefault();
        element.focus();
      }}
      className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-20 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sky-900 focus:shadow"
    >
      {children}
    </a>
  );
}
