import { toast } from '@/lib/toast';

import { SearchableCombobox } from '@/components/ui/SearchableCombobox';
import type { User } from '@touchline/contract';
import { useTeams } from '@/lib/data/cards';
import { TeamLogo } from '@/components/cards/TeamCrest';
import type { Team } from '@touchline/contract';
import { errorMessage } from '@/lib/api';

import { useSetFavoriteTeam } from '@/lib/data/profile';

/** Searchable team picker (a combobox in a popover); choosing a team saves it right away. */
export function FavoriteTeamPicker({ user, labelId }: { user: User; labelId: string }) {
  const teams = useTeams();
  const setFavorite = useSetFavoriteTeam();

  const selected = teams.data?.find((team) => team.id === user.favoriteTeamId);

  async function choose(team: Team) {
    if (team.id === user.favoriteTeamId) return;
    try {
      await setFavorite.mutateAsync({ teamId: team.id });
    } catch (error) {
      toast.error('Failed to update team', { description: errorMessage(error) });
      return;
    }
    toast.success('Favorite team updated', {
      description: 'Your favorite team has been updated successfully!',
    });
  }

  return (
    <SearchableCombobox
      items={teams.data ?? []}
      status={teams}
      getKey={(team) => team.id}
      getLabel={(team) => team.name}
      matches={(team, needle) =>
        [team.name, team.shortName, team.abbreviation, team.city].some((field) =>
          field.toLowerCase().includes(needle),
        )
      }
      renderItem={(team) => <TeamLogo team={team} className="h-6 w-5" />}
      isSelected={(team) => team.id === user.favoriteTeamId}
      onSelect={(team) => void choose(team)}
      selectedLabel={selected?.name}
      selectedIcon={selected && <TeamLogo team={selected} className="h-7 w-6" />}
      placeholder="Select your favorite club"
      searchPlaceholder="Search team..."
      emptyText="No team found."
      listLabel="Teams"
      labelId={labelId}
      busy={setFavorite.isPending}
    />
  );
}
