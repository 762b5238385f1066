import { Button } from '@/components/ui/Button';

/** What the button needs of a paged list (hooks/use-paged-list.ts). */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** 'Load more' under a paged list, while the server says there is a next page. */
export function LoadMoreButton({ pages }: { pages: MorePages }) {
  if (!pages.hasNextPage) return null;
  return (
    <Button variant="outline" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
      Load more
    </Button>
  );
}
