// A document's content as readable text: the little Markdown the built-in documents use (headings, lists,
// tables, **bold**, _italic_, paragraphs), turned into React elements. Nothing is ever parsed as HTML, so
// whatever a document holds is shown as text.
import { List, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type Block =
  | { kind: 'heading'; level: 2 | 3 | 4; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'table'; head: string[]; rows: string[][] }
  | { kind: 'paragraph'; text: string };

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());
const isSeparator = (line: string) => /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/.test(line.trim());

export function parseContent(content: string): Block[] {
  const blocks: Block[] = [];
  const lines = content.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: (heading[1]!.length + 1) as 2 | 3 | 4, text: heading[2]! });
      i += 1;
    } else if (line.trim().startsWith('|')) {
      const rows: string[][] = [];
      while (i < lines.length && lines[i]!.trim().startsWith('|')) {
        if (!isSeparator(lines[i]!)) rows.push(cellsOf(lines[i]!));
        i += 1;
      }
      blocks.push({ kind: 'table', head: rows[0] ?? [], rows: rows.slice(1) });
    } else if (/^\s*([-*]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: string[] = [];
      while (i < lines.length && /^\s*([-*]|\d+\.)\s+/.test(lines[i]!)) {
        items.push(lines[i]!.replace(/^\s*([-*]|\d+\.)\s+/, ''));
        i += 1;
      }
      blocks.push({ kind: 'list', ordered, items });
    } else if (line.trim() === '') {
      i += 1;
    } else {
      const text: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== '' && !/^(#{1,3}\s|\||\s*([-*]|\d+\.)\s)/.test(lines[i]!)) {
        text.push(lines[i]!);
        i += 1;
      }
      blocks.push({ kind: 'paragraph', text: text.join('\n') });
    }
  }
  return blocks;
}

/** **bold** and _italic_ as elements; everything else as text. */
function inline(text: string): ReactNode[] {
  return text.split(/(\*\*[^*]+\*\*|\b_[^_]+_\b)/g).map((part, index) => {
    if (/^\*\*[^*]+\*\*$/.test(part)) return <strong key={index}>{part.slice(2, -2)}</strong>;
    if (/^_[^_]+_$/.test(part)) return <em key={index}>{part.slice(1, -1)}</em>;
    return part;
  });
}

export function DocumentContent({ content }: { content: string }) {
  return (
    <div>
      {parseContent(content).map((block, index) => {
        switch (block.kind) {
          case 'heading':
            return (
              <Title key={index} order={block.level} fz={block.level === 2 ? 'lg' : 'md'} mt="md" mb="xs">
                {inline(block.text)}
              </Title>
            );
          case 'list':
            return (
              <List
                key={index}
                type={block.ordered ? 'ordered' : 'unordered'}
                size="sm"
                spacing={4}
                mb="sm"
                withPadding
              >
                {block.items.map((item, j) => (
                  <List.Item key={j}>{inline(item)}</List.Item>
                ))}
              </List>
            );
          case 'table':
            return (
              // A wide table scrolls in its own region, which the keyboard can reach (axe: scrollable-region-focusable).
              <div
                key={index}
                role="region"
                aria-label={`Table: ${block.head.join(', ')}`}
                tabIndex={0}
                style={{ overflowX: 'auto', marginBottom: 'var(--mantine-spacing-sm)' }}
              >
                <Table
                  withTableBorder
                  withColumnBorders
                  fz="xs"
                  verticalSpacing={4}
                  miw={Math.min(900, 120 * block.head.length)}
                >
                  <Table.Thead>
                    <Table.Tr>
                      {block.head.map((cell, j) => (
                        <Table.Th key={j}>{inline(cell)}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {block.rows.map((row, j) => (
                      <Table.Tr key={j}>
                        {row.map((cell, k) => (
                          <Table.Td key={k}>{inline(cell)}</Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            );
          case 'paragraph':
            return (
              <Text key={index} size="sm" mb="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {inline(block.text)}
              </Text>
            );
        }
      })}
    </div>
  );
}
