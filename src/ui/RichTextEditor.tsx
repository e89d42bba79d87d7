import { useEditor, EditorContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

type Props = { id: string; label: string; onChange: (html: string, isEmpty: boolean) => void; invalid?: boolean };

const tools = [
  {
    label: 'Negrita',
    run: (e: NonNullable<ReturnType<typeof useEditor>>) => e.chain().focus().toggleBold().run(),
    active: 'bold',
    text: <b>N</b>,
  },
  {
    label: 'Cursiva',
    run: (e: NonNullable<ReturnType<typeof useEditor>>) => e.chain().focus().toggleItalic().run(),
    active: 'italic',
    text: <i>C</i>,
  },
  {
    label: 'Lista con viñetas',
    run: (e: NonNullable<ReturnType<typeof useEditor>>) => e.chain().focus().toggleBulletList().run(),
    active: 'bulletList',
    text: '• Lista',
  },
  {
    label: 'Lista numerada',
    run: (e: NonNullable<ReturnType<typeof useEditor>>) => e.chain().focus().toggleOrderedList().run(),
    active: 'orderedList',
    text: '1. Lista',
  },
];

/** TipTap editor for the ticket message; loaded lazily so the public page's first load stays small. */
export default function RichTextEditor({ id, label, onChange, invalid }: Props) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: false, codeBlock: false, horizontalRule: false, link: { openOnClick: false } })],
    editorProps: { attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, class: 'am-editor__content' } },
    onUpdate: ({ editor: e }) => onChange(e.getHTML(), e.isEmpty || e.getText().trim() === ''),
  });
  return (
    <div className={`am-editor ${invalid ? 'am-editor--invalid' : ''}`}>
      <div className="am-editor__toolbar" role="toolbar" aria-label="Formato del mensaje">
        {tools.map((tool) => (
          <button
            key={tool.label}
            type="button"
            aria-label={tool.label}
            title={tool.label}
            aria-pressed={editor?.isActive(tool.active) ?? false}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => editor && tool.run(editor)}
          >
            {tool.text}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
