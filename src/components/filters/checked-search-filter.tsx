import { SearchFilter, type SearchFilterProps } from '@/components/filters/search-filter';

export interface CheckedSearchFilterProps extends SearchFilterProps {
  /** Why the text typed last was not applied; nothing while it fits. */
  problem?: string | null;
  problemTestId?: string;
}

/** A search filter whose text must fit a rule, with the refusal's message under the field. */
export function CheckedSearchFilter({ problem, problemTestId, ...search }: CheckedSearchFilterProps) {
  return (
    <div className="relative grid">
      <SearchFilter {...search} />
      {problem ? (
        <p className="absolute top-full left-0 mt-1 text-xs whitespace-nowrap text-destructive" role="alert" data-testid={problemTestId}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}
