import type { ReactNode } from 'react';

export type EditorTool = 'bold' | 'italic' | 'bulletList' | 'orderedList';

const TOOLS: Array<{ name: EditorTool; label: string; text: ReactNode }> = [
  { name: 'bold', label: 'Negrita', text: <b>N</b> },
  { name: 'italic', label: 'Cursiva', text: <i>C</i> },
  { name: 'bulletList', label: 'Lista con viñetas', text: '• Lista' },
  { name: 'orderedList', label: 'Lista numerada', text: '1. Lista' },
];

/** The editor's toolbar; without `run` (the editor is still loading) its buttons are shown disabled, so nothing moves when it arrives. */
export function EditorToolbar({ run, isActive }: { run?: (tool: EditorTool) => void; isActive?: (tool: EditorTool) => boolean }) {
  return (
    <div className="am-editor__toolbar" role="toolbar" aria-label="Formato del mensaje">
      {TOOLS.map((tool) => (
        <button
          key={tool.name}
          type="button"
          aria-label={tool.label}
          title={tool.label}
          disabled={!run}
          aria-pressed={isActive?.(tool.name) ?? false}
          // Keeps the focus (and the selection) in the editor while clicking.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => run?.(tool.name)}
        >
          {tool.text}
        </button>
      ))}
    </div>
  );
}
