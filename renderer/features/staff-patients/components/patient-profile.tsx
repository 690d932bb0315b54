import { Descriptions, Tag } from 'antd';
import type { PatientViewData } from '../../../../shared/contracts/staff-patients';
import { formatBirthDate, formatDateTime, formatPhone } from '../../../components/format';

type Profile = PatientViewData['profile'];
type Prescriber = PatientViewData['prescriber'];

/** Who the patient is: contact details, how the account came to be, the registering ECP. */
export function PatientProfile({
  profile,
  prescriber,
}: {
  profile: Profile;
  prescriber: Prescriber;
}) {
  const ecp = prescriber
    ? [
        {
          key: 'prescriber',
          label: 'Registered by (ECP)',
          children: [
            prescriber.practiceName,
            `${prescriber.firstName} ${prescriber.lastName}`,
            prescriber.npi ? `NPI ${prescriber.npi}` : null,
            prescriber.phone ? formatPhone(prescriber.phone) : null,
          ]
            .filter(Boolean)
            .join(' · '),
        },
      ]
    : [];
  return (
    <Descriptions
      size="small"
      bordered
      column={3}
      items={[
        { key: 'email', label: 'Email', children: profile.email },
        { key: 'phone', label: 'Phone', children: formatPhone(profile.phone) },
        { key: 'dob', label: 'Date of birth', children: formatBirthDate(profile.dateOfBirth) },
        { key: 'since', label: 'Patient since', children: formatDateTime(profile.createdAt) },
        { key: 'source', label: 'Signed up through', children: profile.signupSource },
        {
          key: 'account',
          label: 'Account',
          children: (
            <>
              {profile.disabled ? <Tag color="red">Disabled</Tag> : <Tag color="green">Active</Tag>}
              <Tag>{profile.hasPassword ? 'Password' : 'Passcode sign-in'}</Tag>
              {profile.intakeStatus ? <Tag color="blue">ECP: {profile.intakeStatus}</Tag> : null}
            </>
          ),
        },
        ...ecp,
      ]}
    />
  );
}
