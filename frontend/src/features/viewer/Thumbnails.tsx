import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { paths } from "../../lib/routes";
import { pageImageUrl } from "./api";

/** Every page of the filing as a small image (loaded as it scrolls into view), the current one marked. */
export function Thumbnails({ filingId, pageCount, current }: { filingId: number; pageCount: number; current: number }) {
  const currentRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    currentRef.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [current]);
  return (
    <nav aria-label="Pages" className="thumbs">
      <ol className="flex gap-2 lg:flex-col">
        {Array.from({ length: pageCount }, (_, index) => index + 1).map((pageNo) => (
          <li key={pageNo} className="shrink-0">
            <Link
              to={paths.view(filingId, pageNo)}
              ref={pageNo === current ? currentRef : undefined}
              aria-current={pageNo === current ? "page" : undefined}
              className={`block w-16 rounded border bg-white p-0.5 text-center text-[10px] text-slate-500 lg:w-24 ${pageNo === current ? "border-sky-600 ring-2 ring-sky-400" : "border-slate-200 hover:border-slate-400"}`}
            >
              <img src={pageImageUrl(filingId, pageNo)} alt="" loading="lazy" decoding="async" className="aspect-[3/4] w-full object-cover object-top" />
              {pageNo}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
