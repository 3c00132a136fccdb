// The one way the server reads what a visitor sends: a form body (readForm) and the query of an
// address (readQuery). Whatever arrives, they answer with the text fields or with a refusal that
// the route returns as it is (HTTP 400, an Italian message): a body that is cut off, malformed or
// of another type, text that is not UTF-8 or holds a NUL character (which PostgreSQL refuses, so a
// form or a search carrying one used to fail with a 500). Nothing past them sees such input.
//
// Multipart bodies are parsed as they arrive (@remix-run/multipart-parser): a file is kept once, in
// memory of its own that the caller can free (app/images/upload-form.server.ts frees the photos as
// soon as their form is handled; docs/decisions/0034-upload-memory.md).
import { MultipartParseError, parseMultipartRequest } from "@remix-run/multipart-parser";
import { data } from "react-router";
import { ownedConcat } from "./free-buffer.server";
import { hasNul, INPUT_MESSAGES } from "./input";
import { fail, type Failure } from "./result";

/** A form that cannot be read: answered before anything else looks at it (the domain failure shape). */
export type UnreadableForm = Failure & { status: 400 };
export const UNREADABLE_FORM: UnreadableForm = Object.freeze({ ...fail(400, INPUT_MESSAGES.badForm), status: 400 as const });

export interface FormFile {
  /** The name the browser sent (may be a path, may be empty). */
  name: string;
  /** Owns its whole ArrayBuffer (free-buffer.server.ts), so that it can be freed at once. */
  data: Buffer;
}

export type ReadForm = { ok: true; fields: Record<string, string>; files: FormFile[] } | UnreadableForm;

export interface ReadFormOptions {
  /** The one field whose files are kept; files sent in any other field are left out. */
  fileField?: string;
  /** The largest file part read; a larger one makes the form unreadable. */
  maxFileBytes?: number;
}

/** Our largest form has about twenty fields and five photos: far more parts is not a form of ours. */
const MAX_PARTS = 200;
/** What a file part sent to a form without photos may weigh (its request is bounded to 1 MB anyway). */
const MAX_STRAY_FILE_BYTES = 1024 * 1024;

const URLENCODED = "application/x-www-form-urlencoded";

/**
 * The fields of a form: the last value of each name, text only (a file sent in a text field is left
 * out). With `fileField`, also the files of that field, empty file inputs left out.
 */
export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<ReadForm> {
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  if (contentType.startsWith("multipart/form-data")) return readMultipart(request, options);
  if (!contentType.startsWith(URLENCODED)) return UNREADABLE_FORM;
  let text: string;
  try {
    text = strictUtf8.decode(await request.arrayBuffer());
  } catch {
    return UNREADABLE_FORM;
  }
  const params = decodeParams(text);
  if (!params) return UNREADABLE_FORM;
  const fields: Record<string, string> = {};
  for (const [name, value] of params) if (name !== options.fileField) fields[name] = value;
  return { ok: true, fields, files: [] };
}

async function readMultipart(request: Request, { fileField, maxFileBytes = MAX_STRAY_FILE_BYTES }: ReadFormOptions): Promise<ReadForm> {
  const fields: Record<string, string> = {};
  const files: FormFile[] = [];
  try {
    for await (const part of parseMultipartRequest(request, { maxFileSize: maxFileBytes, maxParts: MAX_PARTS })) {
      // The part's headers and text are decoded as strict UTF-8: anything else throws, and is refused below.
      const name = part.name;
      if (name === undefined) continue;
      if (hasNul(name)) return UNREADABLE_FORM;
      if (!part.isFile) {
        const value = part.text;
        if (hasNul(value)) return UNREADABLE_FORM;
        if (name !== fileField) fields[name] = value;
      } else if (name === fileField && (part.size > 0 || (part.filename ?? "") !== "")) {
        const filename = part.filename ?? "";
        if (hasNul(filename)) return UNREADABLE_FORM;
        // One copy, which the caller can free; the parser's pieces are garbage once the loop moves on.
        files.push({ name: filename, data: ownedConcat(part.content, part.size) });
      }
    }
  } catch (error) {
    if (error instanceof MultipartParseError || isEncodingError(error)) return UNREADABLE_FORM;
    throw error;
  }
  return { ok: true, fields, files };
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

function isEncodingError(error: unknown): boolean {
  return error instanceof TypeError && (error as NodeJS.ErrnoException).code === "ERR_ENCODING_INVALID_ENCODED_DATA";
}

/**
 * `name=value&…` as a form or a query string carries it, decoded strictly: null when a
 * percent-escape is malformed (`%ZZ`, a cut `%E0%A4%A`), the bytes are not UTF-8, or a name or value
 * holds a NUL. (URLSearchParams would quietly keep `%ZZ` as written and turn bad bytes into U+FFFD.)
 */
export function decodeParams(text: string): URLSearchParams | null {
  const params = new URLSearchParams();
  if (text.startsWith("?")) text = text.slice(1);
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const at = pair.indexOf("=");
    const name = decodeComponent(at === -1 ? pair : pair.slice(0, at));
    const value = decodeComponent(at === -1 ? "" : pair.slice(at + 1));
    if (name === null || value === null || hasNul(name) || hasNul(value)) return null;
    params.append(name, value);
  }
  return params;
}

function decodeComponent(text: string): string | null {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return null;
  }
}

/**
 * The query of a request's address, decoded strictly (decodeParams) from the URL as it came: the
 * `url` React Router hands to loaders has been re-serialized, which already turned `%ZZ` into
 * `%25ZZ` and bad bytes into U+FFFD. An address that cannot be read throws a 400 answer with the
 * Italian message as `{ error }`: the error page shows it, and a JSON endpoint answers it as its
 * other errors.
 */
export function readQuery(request: Request): URLSearchParams {
  const url = request.url;
  const start = url.indexOf("?");
  const params = start === -1 ? new URLSearchParams() : decodeParams(url.slice(start + 1));
  if (!params) throw data({ error: INPUT_MESSAGES.badAddress }, { status: 400 });
  return params;
}
