// x-data-spreadsheet's prebuilt files, imported for their side effects (they register window.x_spreadsheet).
declare module 'x-data-spreadsheet/dist/xspreadsheet.js';
declare module 'x-data-spreadsheet/dist/locale/zh-cn.js';
