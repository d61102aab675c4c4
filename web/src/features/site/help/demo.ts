/**
 * The demo page (the landing page's "Demo" link): what a page can hold, the same in both languages
 * except the headings, so people see the renderer at work before they sign up.
 */
const body = (h: { math: string; diagrams: string; code: string; html: string; tables: string }) => `
## ${h.tables}

| method | path | description |
| :--- | :--- | :--- |
| GET | \`/api/users/{id}\` | one user |
| POST | \`/api/users\` | create a user |

- [x] write the API document
- [ ] review it

## ${h.math}

Inline $E = mc^2$ and a block:

$$
\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}
$$

## ${h.diagrams}

\`\`\`mermaid
sequenceDiagram
  Client->>Quire: POST /server/index.php?s=/api/open/updateByApi
  Quire-->>Client: {"error_code":0}
\`\`\`

\`\`\`flow
st=>start: Start
op=>operation: Write the page
e=>end: Share it
st->op->e
\`\`\`

## ${h.code}

\`\`\`json
{ "error_code": 0, "data": { "page_id": 42 } }
\`\`\`

## ${h.html}

<font color="red">red text</font>, <kbd>Ctrl</kbd>+<kbd>S</kbd>, H<sub>2</sub>O, m<sup>2</sup>, <mark>marked</mark>.

<details><summary>Details</summary>Folded text.</details>
`;

export const demoEn = `# Demo${body({
  tables: 'Tables and task lists',
  math: 'Math',
  diagrams: 'Diagrams',
  code: 'Highlighted code',
  html: 'Inline HTML',
})}`;

export const demoZhCN = `# 演示${body({
  tables: '表格和任务列表',
  math: '数学公式',
  diagrams: '图表',
  code: '代码高亮',
  html: '内联 HTML',
})}`;
