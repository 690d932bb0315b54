import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { ImportSection } from './import-section';
import { MyPatientsSection } from './my-patients-section';
import { RegisterSection } from './register-section';
import './intake-page.css';

const tabs = ['register', 'import', 'patients'] as const;
type Tab = (typeof tabs)[number];

/**
 * ECP intake (spec §6): register one patient, import many from a CSV file, and follow the
 * ECP's own patients. The open tab lives in the URL (?tab=).
 */
export default function IntakePage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = tabs.includes(asked as Tab) ? (asked as Tab) : 'register';
  return (
    <div className="console-page">
      <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
        Patient intake
      </Typography.Title>
      <Tabs
        className="intake-tabs"
        activeKey={tab}
        onChange={(next) => setParams({ tab: next }, { replace: true })}
        items={[
          { key: 'register', label: 'Register a patient', children: <RegisterSection /> },
          { key: 'import', label: 'Import from CSV', children: <ImportSection /> },
          { key: 'patients', label: 'My patients', children: <MyPatientsSection /> },
        ]}
      />
    </div>
  );
}
