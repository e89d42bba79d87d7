type Catalogo = { [key: string]: string | Catalogo };

/**
 * Reads a screen's own text catalogue by path ("importar.titulo") with polyglot's rules: %{name} replaced from
 * `options`, and "singular |||| plural" chosen by smart_count. An unknown path is returned as it is.
 */
export const lectorDeTextos =
  (textos: Catalogo) =>
  (path: string, options: object = {}): string => {
    const values = options as Record<string, unknown>;
    let node: string | Catalogo | undefined = textos;
    for (const key of path.split('.')) node = typeof node === 'object' ? node[key] : undefined;
    if (typeof node !== 'string') return path;
    const [one, many = one] = node.split(' |||| ');
    const chosen = values.smart_count === undefined || values.smart_count === 1 ? one : many;
    return chosen.replace(/%\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
  };
