import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

/** A parsed XML element: text values, nested elements, or lists when a tag repeats. */
export type XmlNode = { [tag: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

const builder = new XMLBuilder({ ignoreAttributes: false, format: false, processEntities: true, suppressEmptyNode: false });
// parseTagValue false: "000" stays the string "000" (providers/dpo-pay.md "Gotchas").
const parser = new XMLParser({ parseTagValue: false, trimValues: true, ignoreAttributes: true, processEntities: true });

/**
 * Builds an `<API3G>` document (`<?xml version="1.0" encoding="utf-8"?>`); every text value is
 * XML-escaped by the builder. Source: providers/dpo-pay.md "createToken".
 */
export function buildApi3g(body: XmlNode): string {
  return builder.build({ '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' }, API3G: body }) as string;
}

/**
 * Parses an `<API3G>` document. Returns null when the text is not well-formed XML or has no
 * `API3G` root.
 */
export function parseApi3g(text: string): XmlNode | null {
  if (!text.trim() || XMLValidator.validate(text) !== true) return null;
  const doc = parser.parse(text) as Record<string, unknown>;
  const root = doc.API3G;
  return root && typeof root === 'object' && !Array.isArray(root) ? (root as XmlNode) : null;
}

/** The text of a child tag ('' when missing; the first when repeated; '' for an element). */
export function textOf(node: XmlNode | undefined, tag: string): string {
  const v = node?.[tag];
  const first = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' ? first : '';
}

/** A child element (the first when repeated), or undefined. */
export function childOf(node: XmlNode | undefined, tag: string): XmlNode | undefined {
  const v = node?.[tag];
  const first = Array.isArray(v) ? v[0] : v;
  return first && typeof first === 'object' && !Array.isArray(first) ? first : undefined;
}
