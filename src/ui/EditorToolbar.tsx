import type { ReactNode } from 'react';

export type EditorTool = 'bold' | 'italic' | 'bulletList' | 'orderedList';

const TOOLS: Array<{ name: EditorTool; label: string; text: ReactNode }> = [
  { name: 'bold', label: 'Negrita', text: <b>N</b> },
  { name: 'italic', label: 'Cursiva', text: <i>C</i> },
  { name: 'bulletList', label: 'Lista con viñetas', text: '• Lista' },
  // "1." is drawn by the style sheet: as text it would be part of what the button shows but not of its name (WCAG 2.5.3).
  { name: 'orderedList', label: 'Lista numerada', text: <span className="am-editor__numbered">Lista</span> },
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
