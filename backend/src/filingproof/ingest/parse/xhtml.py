"""Loading an EDGAR primary document (inline XBRL is XHTML) and walking its elements."""

from collections.abc import Iterator

from lxml import etree

from filingproof.ingest.errors import NotAFilingError, TruncatedDocumentError

XHTML = "http://www.w3.org/1999/xhtml"
IX = "http://www.xbrl.org/2013/inlineXBRL"
XBRLI = "http://www.xbrl.org/2003/instance"
XBRLDI = "http://xbrl.org/2006/xbrldi"
XSI = "http://www.w3.org/2001/XMLSchema-instance"

BLOCK_TAGS = frozenset(
    {"p", "div", "br", "tr", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "table", "hr", "center"}
)


def local_name(element: etree._Element) -> str:
    tag = element.tag
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1].lower()


def parse_document(raw: bytes) -> tuple[etree._Element, bool]:
    """Parse the document as XML (inline XBRL must be well-formed); fall back to the HTML parser.

    A document that is not well-formed XML is either a plain HTML filing (no inline XBRL: parsed leniently)
    or truncated; the two are told apart by the closing `</html>` tag.
    """
    head = raw[:4096].lower()
    if b"<html" not in head and b"<?xml" not in head and b"<!doctype html" not in head:
        raise NotAFilingError("not an HTML document: no <html> element at its start")
    tail = raw[-2048:].lower()
    if b"</html>" not in tail:
        raise TruncatedDocumentError(
            "the document ends before its closing </html> tag: it looks truncated (download it again)"
        )
    is_xhtml = True
    try:
        root = etree.fromstring(raw, etree.XMLParser(huge_tree=True, resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError:
        is_xhtml = False
        root = etree.fromstring(raw, etree.HTMLParser(huge_tree=True, no_network=True))
    if root is None or body_of(root) is None:
        raise NotAFilingError("the document has no <body>")
    return root, is_xhtml


def body_of(root: etree._Element) -> etree._Element | None:
    for element in root.iter():
        if local_name(element) == "body":
            return element
    return None


def is_hidden(element: etree._Element) -> bool:
    style = (element.get("style") or "").replace(" ", "").lower()
    return "display:none" in style or local_name(element) == "header"


def is_page_break(element: etree._Element) -> bool:
    """Whether a page ends after this element (`page-break-after: always`)."""
    style = (element.get("style") or "").replace(" ", "").lower()
    return "page-break-after:always" in style or "break-after:page" in style


def starts_page(element: etree._Element) -> bool:
    """Whether a page starts at this element (`page-break-before: always`: some filers break only so)."""
    style = (element.get("style") or "").replace(" ", "").lower()
    return "page-break-before:always" in style or "break-before:page" in style


def iter_text(element: etree._Element) -> Iterator[str]:
    """Visible text of an element, with a space wherever a block boundary or <br> separates words."""
    if is_hidden(element):
        return
    name = local_name(element)
    if element.text and name not in ("script", "style"):
        yield element.text
    for child in element:
        if isinstance(child.tag, str):
            child_name = local_name(child)
            if child_name in BLOCK_TAGS:
                yield " "
            yield from iter_text(child)
            if child_name in BLOCK_TAGS:
                yield " "
        if child.tail:
            yield child.tail


def text_of(element: etree._Element) -> str:
    return " ".join("".join(iter_text(element)).replace("\u200b", "").split())
