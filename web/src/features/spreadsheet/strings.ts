// The spreadsheet screen's strings (namespace `sheet`), loaded with the grid's chunk, not with the app.
import { registerNamespace } from '../../i18n/i18n';

export const sheetEn = {
  saved: 'All changes saved',
  saving: 'Saving…',
  unsaved: 'Unsaved changes',
  saveFailed: 'Saving failed: {{message}}',
  readOnly: 'Read only',
  lockedBy: '{{name}} is editing this spreadsheet; it is read-only for you until they leave.',
  lockedBySomeone: 'Someone else is editing this spreadsheet; it is read-only for you until they leave.',
  importXlsx: 'Import .xlsx',
  exportXlsx: 'Export .xlsx',
  exportCsv: 'Export sheet as CSV',
  importConfirm:
    'Importing replaces every sheet of this spreadsheet with the workbook. The current version stays in the history.',
  imported: 'Workbook imported',
  importFailed: 'Import failed: {{message}}',
  exportFailed: 'Export failed: {{message}}',
  conflictTitle: 'Someone saved this spreadsheet meanwhile',
  conflictBody:
    'Their version is newer than the one you started from. Reload theirs and reapply your cell changes on top, or overwrite it with yours.',
  reapply: 'Reload and reapply my changes',
  overwrite: 'Overwrite with mine',
  draftTitle: 'Restore the local draft?',
  draftBody: 'A local copy of this spreadsheet from {{time}} differs from the saved one.',
  restore: 'Restore draft',
  discard: 'Discard draft',
  loading: 'Loading the spreadsheet…',
};

export const sheetZhCN: typeof sheetEn = {
  saved: '所有更改已保存',
  saving: '正在保存…',
  unsaved: '有未保存的更改',
  saveFailed: '保存失败：{{message}}',
  readOnly: '只读',
  lockedBy: '{{name}} 正在编辑此表格，在其离开前你只能查看。',
  lockedBySomeone: '其他人正在编辑此表格，在其离开前你只能查看。',
  importXlsx: '导入 .xlsx',
  exportXlsx: '导出 .xlsx',
  exportCsv: '将工作表导出为 CSV',
  importConfirm: '导入会用工作簿替换此表格的全部工作表，当前版本保留在历史版本中。',
  imported: '工作簿已导入',
  importFailed: '导入失败：{{message}}',
  exportFailed: '导出失败：{{message}}',
  conflictTitle: '其他人已在此期间保存了此表格',
  conflictBody:
    '对方的版本比你开始编辑时的版本更新。可以载入对方的版本并重新应用你的单元格修改，或用你的版本覆盖。',
  reapply: '载入并重新应用我的修改',
  overwrite: '用我的版本覆盖',
  draftTitle: '恢复本地草稿？',
  draftBody: '此表格有一份 {{time}} 的本地副本，与已保存的内容不同。',
  restore: '恢复草稿',
  discard: '丢弃草稿',
  loading: '正在加载表格…',
};

registerNamespace('sheet', { 'zh-CN': sheetZhCN, en: sheetEn });
