import { lazy, Suspense, type ReactNode } from "react";
import { BrowserRouter, NavLink, Route, Routes } from "react-router";
import { Loading, NotFound, SkipLink } from "./components/States";
import { AskProvider } from "./features/ask/AskContext";
import { AskPage } from "./features/ask/AskPage";
import { FilingsPage } from "./features/filings/FilingsPage";
import { paths } from "./lib/routes";
import { useTitle } from "./lib/useTitle";

// The first screen is Ask: the viewer and the evaluations load when first opened.
const ViewerPage = lazy(() => import("./features/viewer/ViewerPage").then((m) => ({ default: m.ViewerPage })));
const EvalsPage = lazy(() => import("./features/evals/EvalsPage").then((m) => ({ default: m.EvalsPage })));
const EvalRunPage = lazy(() => import("./features/evals/EvalRunPage").then((m) => ({ default: m.EvalRunPage })));

const NAV = [
  { to: paths.ask, label: "Ask", end: true },
  { to: paths.browse, label: "Filings", end: false },
  { to: paths.evals, label: "Evaluations", end: false },
];

function NoSuchScreen() {
  useTitle("Not found");
  return <NotFound title="Nothing here">This address is not a page of the app.</NotFound>;
}

function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <SkipLink target="content">Skip to content</SkipLink>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <NavLink to={paths.ask} className="tap text-base font-bold tracking-tight text-slate-900">
            filing<span className="text-sky-700">proof</span>
          </NavLink>
          <nav aria-label="Main" className="flex gap-1">
            {NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.end}
                className={({ isActive }) => `tap rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? "bg-sky-100 text-sky-900" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
        </div>
      </header>
      <main id="content" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-4 outline-none">
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </main>
    </div>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AskProvider>
        <Layout>
          <Routes>
            <Route path={paths.ask} element={<AskPage />} />
            <Route path={paths.browse} element={<FilingsPage />} />
            <Route path="/view/:filingId/:pageNo" element={<ViewerPage />} />
            <Route path={paths.evals} element={<EvalsPage />} />
            <Route path="/evals/:runId" element={<EvalRunPage />} />
            <Route path="*" element={<NoSuchScreen />} />
          </Routes>
        </Layout>
      </AskProvider>
    </BrowserRouter>
  );
}
