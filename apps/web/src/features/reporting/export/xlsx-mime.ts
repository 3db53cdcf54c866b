export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
