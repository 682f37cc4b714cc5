// Knowledge departments (spec section 3 selection values) and who may read them (section 6). A
// document names one or more departments; 'knowledge' means every department. Some departments
// are restricted: a document naming one is read only by people holding that department's
// capability, whatever other departments it also names and wherever they ask. A capability is a
// feature of the contract like any other (granted to role groups, compared by delegation), never
// a role group's name.
import { ADMIN_ROLE, type Feature } from '../../platform/rbac/features.js';

/** Stored department values: the contract's `Department` enum plus 'knowledge' (every department). */
export const DEPARTMENTS = ['knowledge', 'it', 'devops_preprod', 'cs_preprod', 'pga', 'education'] as const;

export type Department = (typeof DEPARTMENTS)[number];

/** The department whose documents every department sees. */
export const EVERY_DEPARTMENT: Department = 'knowledge';

/** The departments' names as people know them (the File Status page sorts by them). */
export const DEPARTMENT_LABELS: Record<Department, string> = {
  knowledge: 'Knowledge',
  it: 'IT',
  devops_preprod: 'DevOps',
  cs_preprod: 'CS',
  pga: 'PGA',
  education: 'Education',
};

/** How a document visible to every department is named. */
export const ALL_DEPARTMENTS_LABEL = 'All departments';

export function isDepartment(value: string): value is Department {
  return (DEPARTMENTS as readonly string[]).includes(value);
}

/** Who is searching: the user's role group and the features it grants. */
export interface Viewer {
  role: string;
  /** The features of the role group; none when omitted. */
  features?: ReadonlySet<string>;
}

/**
 * The PGA capability (spec section 6: granted to the PGA and CORE_ADMINS role groups, it unlocks
 * the PGA department). A feature, so delegation never hands it out to someone lacking it.
 */
export const PGA_FEATURE: Feature = 'knowledge_pga';

/** The feature each restricted department needs. */
const RESTRICTED: Partial<Record<Department, Feature>> = { pga: PGA_FEATURE };

/**
 * Whether the viewer may read documents of `department`. CORE_ADMINS holds every feature (granted
 * again at each start-up), so its members read every department even when `features` is omitted.
 */
export function canReadDepartment(viewer: Viewer, department: Department): boolean {
  const needed = RESTRICTED[department];
  return !needed || viewer.role === ADMIN_ROLE || viewer.features?.has(needed) === true;
}

/** The restricted departments the viewer may not read: a document naming any of them is hidden. */
export function hiddenDepartments(viewer: Viewer): Department[] {
  return DEPARTMENTS.filter((department) => !canReadDepartment(viewer, department));
}

/** Every department the viewer may read. */
export function readableDepartments(viewer: Viewer): Department[] {
  return DEPARTMENTS.filter((department) => canReadDepartment(viewer, department));
}
