// The renderer's few strings (namespace `markdown`), loaded with the renderer's chunk, not with the app.
import { registerNamespace } from '../../i18n/i18n';

export const markdownEn = {
  anchor: 'Copy the link to "{{title}}"',
  anchorCopied: 'Link copied',
  diagramLoading: 'Drawing the diagram…',
  diagramError: 'This diagram could not be drawn',
  diagramSource: 'Diagram source',
  copyCode: 'Copy code',
  codeCopied: 'Copied',
  viewImage: 'View the image full size',
  closeImage: 'Close',
};

export const markdownZhCN: typeof markdownEn = {
  anchor: '复制“{{title}}”的链接',
  anchorCopied: '链接已复制',
  diagramLoading: '正在绘制图表…',
  diagramError: '此图表无法绘制',
  diagramSource: '图表源码',
  copyCode: '复制代码',
  codeCopied: '已复制',
  viewImage: '查看原图',
  closeImage: '关闭',
};

registerNamespace('markdown', { 'zh-CN': markdownZhCN, en: markdownEn });
