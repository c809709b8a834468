import { sql, type SQL } from './sql';

/** A page of a list as its methods ask for it: the pageIndex-th (from 1) of pages of pageSize rows. */
export interface PageParams {
  pageIndex: number;
  pageSize: number;
}

/** The LIMIT and OFFSET that read one page of a query's rows. */
export function pageQuery(page: PageParams): SQL {
  return sql`LIMIT ${page.pageSize} OFFSET ${(page.pageIndex - 1) * page.pageSize}`;
}
