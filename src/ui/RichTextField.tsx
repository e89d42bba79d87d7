import { useRef, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import type { RichTextEditorProps } from './RichTextEditor';
import { EditorToolbar } from './EditorToolbar';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain text as the editor writes it: one paragraph per line. */
function textToHtml(text: string): string {
  return text
    ? text
        .split('\n')
        .map((line) => `<p>${escapeHtml(line)}</p>`)
        .join('')
    : '';
}

type Loaded = { Editor: ComponentType<RichTextEditorProps>; text: string; focus: boolean };

/**
 * A rich-text field that costs nothing on first load: a plain textarea, usable at once, that asks for the
 * TipTap editor (about 120 kB gzip) when it gets the focus and hands it what was typed meanwhile. If the
 * editor cannot load, the textarea keeps working and its text is sent as paragraphs.
 */
export function RichTextField({ id, label, onChange }: { id: string; label: string; onChange: (html: string, isEmpty: boolean) => void }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const draft = useRef<HTMLTextAreaElement>(null);
  const requested = useRef(false);

  const loadEditor = () => {
    if (requested.current) return;
    requested.current = true;
    import('./RichTextEditor').then(
      ({ default: Editor }) => {
        const area = draft.current;
        if (!area) return;
        // One synchronous commit that reads the draft and focus at that moment: no keystroke can land between
        // the textarea leaving and the editor taking the focus (the editor focuses in its layout effect).
        flushSync(() => setLoaded({ Editor, text: area.value, focus: document.activeElement === area }));
      },
      () => {
        // Offline or a replaced deployment: keep the plain field and try again on the next focus.
        requested.current = false;
      },
    );
  };

  if (loaded) {
    return <loaded.Editor id={id} label={label} initialText={loaded.text} autoFocus={loaded.focus} onChange={onChange} />;
  }
  return (
    <div className="am-editor">
      <EditorToolbar />
      <textarea
        ref={draft}
        id={id}
        className="am-editor__content am-editor__draft"
        onFocus={loadEditor}
        onChange={(e) => onChange(textToHtml(e.target.value), e.target.value.trim() === '')}
      />
    </div>
  );
}
