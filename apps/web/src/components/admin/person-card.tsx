import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Fact } from '@/components/ui/fact.tsx';

/** Whose record this is: name, email and phone, and the way to their account among the users. */
export function PersonCard({ person }: { person: { name: string; email: string | null; phone: string | null } }) {
  const { t } = useTranslation();
  const find = person.email ?? person.phone ?? person.name;
  return (
    <div className="space-y-2 rounded-lg border border-stone-200 bg-white p-4">
      <p className="font-semibold break-words">{person.name}</p>
      <dl className="space-y-1 text-sm">
        {person.email && <Fact term={t('admin.users.email')}>{person.email}</Fact>}
        {person.phone && <Fact term={t('admin.users.phone')}>{person.phone}</Fact>}
      </dl>
      <Link
        to={`/admin/users?q=${encodeURIComponent(find)}`}
        className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline"
      >
        {t('admin.payments.findUser')}
      </Link>
    </div>
  );
}
