import { Pagination, useListContext, useTranslate, type PaginationProps } from 'react-admin';
import { EXACT_TOTAL, formatCount } from '../../domain/listas';

/**
 * react-admin's pagination, except when the API's total is an estimate (past EXACT_TOTAL rows: the data provider sets
 * meta.totalEstimado): then the label says "1-25 de más de 10 000" instead of an exact-looking number.
 */
export function ListPagination(props: PaginationProps) {
  const { meta } = useListContext();
  const translate = useTranslate();
  if (!meta?.totalEstimado) return <Pagination {...props} />;
  const labelDisplayedRows = ({ from, to }: { from: number; to: number }) =>
    translate('ra.navigation.page_range_info_estimated', {
      offsetBegin: from,
      offsetEnd: to,
      total: formatCount(EXACT_TOTAL),
      _: '%{offsetBegin}-%{offsetEnd} de más de %{total}',
    });
  // Pagination passes the rest of its props to MUI's TablePagination, whose label this replaces (its type omits it).
  return <Pagination {...props} {...({ labelDisplayedRows } as object)} />;
}
