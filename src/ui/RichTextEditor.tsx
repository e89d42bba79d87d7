import { useLayoutEffect } from 'react';
import { useEditor, EditorContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Selection } from '@tiptap/pm/state';
import type { ChainedCommands } from '@tiptap/core';
import { EditorToolbar, type EditorTool } from './EditorToolbar';

export type RichTextEditorProps = {
  id: string;
  label: string;
  /** What the customer typed in the plain field before the editor arrived. */
  initialText: string;
  /** Take the focus, caret at the end, because the plain field had it. */
  autoFocus: boolean;
  onChange: (html: string, isEmpty: boolean) => void;
};

const commands: Record<EditorTool, (chain: ChainedCommands) => ChainedCommands> = {
  bold: (chain) => chain.toggleBold(),
  italic: (chain) => chain.toggleItalic(),
  bulletList: (chain) => chain.toggleBulletList(),
  orderedList: (chain) => chain.toggleOrderedList(),
};

/** One paragraph per line, as a document: parsing it as HTML would drop a trailing space typed just before the swap. */
const textDocument = (text: string) => ({
  type: 'doc',
  content: text.split('\n').map((line) => ({ type: 'paragraph', content: line ? [{ type: 'text', text: line }] : [] })),
});

/** TipTap editor for the ticket message; RichTextField loads it on demand so the public page's first load stays small. */
export default function RichTextEditor({ id, label, initialText, autoFocus, onChange }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: false, codeBlock: false, horizontalRule: false, link: { openOnClick: false } })],
    content: textDocument(initialText),
    editorProps: { attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, class: 'am-editor__content' } },
    onUpdate: ({ editor: e }) => onChange(e.getHTML(), e.isEmpty || e.getText().trim() === ''),
  });
  // Synchronously, in the commit that replaced the plain field: TipTap's own focus() waits a frame, and keys
  // typed in that frame would go nowhere.
  useLayoutEffect(() => {
    if (!autoFocus || !editor) return;
    editor.view.dispatch(editor.state.tr.setSelection(Selection.atEnd(editor.state.doc)));
    editor.view.focus();
  }, [autoFocus, editor]);
  return (
    <div className="am-editor">
      <EditorToolbar
        isActive={(tool) => editor?.isActive(tool) ?? false}
        run={(tool) => editor && commands[tool](editor.chain().focus()).run()}
      />
      <EditorContent editor={editor} />
    </div>
  );
}
