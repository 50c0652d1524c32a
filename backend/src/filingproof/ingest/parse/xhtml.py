"""Loading an EDGAR primary document (inline XBRL is XHTML) and walking its elements."""

from collections.abc import Iterator
from typing import NamedTuple

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


class LoadedDocument(NamedTuple):
    root: etree._Element
    is_xhtml: bool
    repaired: str | None  # why the XML had to be repaired (the parser's first error), when it had to


def parse_document(raw: bytes) -> LoadedDocument:
    """Parse the document as XML (inline XBRL must be well-formed); fall back to the HTML parser.

    A document that is not well-formed XML is either inline XBRL with a broken tag (a copy edited by hand:
    one mismatched closing tag), a plain HTML filing (no inline XBRL: parsed leniently) or truncated; the
    last is told apart by the closing `</html>` tag. Inline XBRL is read with a recovering XML parse, which
    keeps every context and fact the HTML parser would lose to the namespaces it does not know.
    """
    head = raw[:4096].lower()
    if b"<html" not in head and b"<?xml" not in head and b"<!doctype html" not in head:
        raise NotAFilingError("not an HTML document: no <html> element at its start")
    tail = raw[-2048:].lower()
    if b"</html>" not in tail:
        raise TruncatedDocumentError(
            "the document ends before its closing </html> tag: it looks truncated (download it again)"
        )
    try:
        root = etree.fromstring(raw, _xml_parser(recover=False))
        loaded = LoadedDocument(root, True, None)
    except etree.XMLSyntaxError as error:
        loaded = _recovered(raw, error) or LoadedDocument(
            etree.fromstring(raw, etree.HTMLParser(huge_tree=True, no_network=True)), False, None
        )
    if loaded.root is None or body_of(loaded.root) is None:
        raise NotAFilingError("the document has no <body>")
    return loaded


def _xml_parser(recover: bool) -> etree.XMLParser:
    return etree.XMLParser(huge_tree=True, resolve_entities=False, no_network=True, recover=recover)


def _recovered(raw: bytes, error: etree.XMLSyntaxError) -> LoadedDocument | None:
    """Inline XBRL that is not well-formed, read by libxml2's recovering parse; None for a document that
    does not declare inline XBRL (plain HTML is no XML to repair) or whose repair lost its body or header."""
    if IX.encode() not in raw[:65536]:
        return None
    root = etree.fromstring(raw, _xml_parser(recover=True))
    if root is None or body_of(root) is None or root.find(f".//{{{IX}}}header") is None:
        return None
    return LoadedDocument(root, True, error.msg)


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
