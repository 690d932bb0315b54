import { Descriptions, Tag } from 'antd';
import type { PatientViewData } from '../../../../shared/contracts/staff-patients';
import { formatBirthDate, formatDateTime, formatPhone } from '../../../components/format';

type Profile = PatientViewData['profile'];

/** Who the patient is: contact details and how the account came to be. */
export function PatientProfile({ profile }: { profile: Profile }) {
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
      ]}
    />
  );
}
