import { useLayoutEffect, useRef } from "react";
import { Link } from "react-router";
import { SkipLink } from "../../components/States";
import { paths, type Cited } from "../../lib/routes";
import { pageImageUrl } from "./api";
import { centeredScroll } from "./overlay";

/** Every page of the filing as a small image (loaded as it scrolls into view), the current one marked and
 * scrolled to within the strip alone (the window stays where it is). Keyboard users can skip the strip. */
export function Thumbnails({ filingId, pageCount, current, cited, skipTo }: { filingId: number; pageCount: number; current: number; cited: Cited; skipTo: string }) {
  const strip = useRef<HTMLDivElement>(null);
  const currentRef = useRef<HTMLAnchorElement>(null);
  useLayoutEffect(() => {
    const box = strip.current;
    const link = currentRef.current;
    if (!box || !link) return;
    const target = { left: link.offsetLeft, top: link.offsetTop, width: link.offsetWidth, height: link.offsetHeight };
    box.scrollTo(centeredScroll(target, { width: box.clientWidth, height: box.clientHeight }, { width: box.scrollWidth, height: box.scrollHeight }));
  }, [current]);
  return (
    <div className="relative">
      <SkipLink target={skipTo}>Skip the page thumbnails</SkipLink>
      <div ref={strip} className="relative max-lg:overflow-x-auto lg:max-h-[calc(100vh-8rem)] lg:overflow-y-auto">
        <nav aria-label="Pages" className="thumbs">
          <ol className="flex gap-2 lg:flex-col">
            {Array.from({ length: pageCount }, (_, index) => index + 1).map((pageNo) => (
              <li key={pageNo} className="shrink-0">
                <Link
                  to={paths.view(filingId, pageNo, cited)}
                  ref={pageNo === current ? currentRef : undefined}
                  aria-current={pageNo === current ? "page" : undefined}
                  aria-label={`Page ${pageNo}`}
                  className={`block w-16 rounded border bg-white p-0.5 text-center text-xs text-slate-700 lg:w-24 ${pageNo === current ? "border-sky-600 ring-2 ring-sky-400" : "border-slate-200 hover:border-slate-400"}`}
                >
                  <img src={pageImageUrl(filingId, pageNo)} alt="" loading="lazy" decoding="async" className="aspect-[3/4] w-full object-cover object-top" />
                  {pageNo}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
      </div>
    </div>
  );
}
