// The editor's props, apart from both halves (the server's textarea and the TipTap editor loaded in
// the browser), so that the loaded half does not import the module that loads it.
export interface RichTextEditorProps {
  /** form field that carries the HTML */
  name: string;
  id: string;
  defaultValue: string;
  /** id of the element labelling the editor */
  labelledBy: string;
  invalid?: boolean;
  describedBy?: string;
  /** called with the new HTML ("" when empty) after each change made in the editor */
  onChange?: (html: string) => void;
  /** called once the rich editor has loaded, with the HTML it holds (its own writing of the text) */
  onReady?: (html: string) => void;
}
