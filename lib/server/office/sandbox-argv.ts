import path from 'node:path';

/** nobody/nogroup: who the converter is, inside and (under root) outside the sandbox. */
export const UNPRIVILEGED_ID = 65534;

export type TSandboxLimits = { memoryBytes: number; cpuSeconds: number; fileBytes: number };

export type TSandboxSpec = { bwrap: string; root: boolean; work: string; limits: TSandboxLimits };

/** Where the work folder's parts appear inside the sandbox. */
export const INSIDE = { in: '/sandbox/in', out: '/sandbox/out', profile: '/sandbox/profile', tmp: '/tmp' } as const;

/**
 * The system paths soffice needs, read-only; nothing else of the host is
 * visible (not the app, not its data folder, not /home, not /root).
 */
function systemView(): string[] {
  return [
    // Under root bwrap makes missing folders 0700 root: nobody could not enter /etc.
    ...['/etc', '/var', '/var/cache', '/sandbox'].flatMap((dir) => ['--perms', '0755', '--dir', dir]),
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/sbin',
    '/sbin',
    '--symlink',
    'usr/lib',
    '/lib',
    '--ro-bind-try',
    '/usr/lib64',
    '/lib64',
    '--ro-bind',
    '/etc/ld.so.cache',
    '/etc/ld.so.cache',
    '--ro-bind-try',
    '/etc/fonts',
    '/etc/fonts',
    '--ro-bind-try',
    '/etc/libreoffice',
    '/etc/libreoffice',
    '--ro-bind-try',
    '/etc/alternatives',
    '/etc/alternatives',
    // The font cache: without it fontconfig scans every font on each run.
    '--ro-bind-try',
    '/var/cache/fontconfig',
    '/var/cache/fontconfig',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--perms',
    '1777',
    '--size',
    String(64 * 1024 * 1024),
    '--tmpfs',
    '/dev/shm',
  ];
}

/**
 * The command line that runs `command` in a bubblewrap sandbox: new mount,
 * PID, network (loopback only), IPC and UTS namespaces; the system view
 * above plus the work folder's `in` (read-only), `out`, `profile` and `tmp`,
 * each bound on its own so the converter cannot replace one with a link;
 * no environment of ours; limits on address space, CPU time and file size.
 *
 * Under root, bwrap sets the namespaces up with root's rights and setpriv
 * then becomes nobody with no capabilities: the converter owns no file of the
 * app's, even if it escaped the mount namespace. Otherwise an unprivileged
 * user namespace maps us to nobody inside (the kernel still counts us as the
 * app's user outside, so the mount namespace is what keeps the data folder out).
 */
export function sandboxArgv(spec: TSandboxSpec, command: string[]): string[] {
  const { work, limits } = spec;
  const namespaces = spec.root
    ? ['--unshare-ipc', '--unshare-pid', '--unshare-net', '--unshare-uts', '--unshare-cgroup-try']
    : [
        '--unshare-user',
        '--disable-userns',
        '--uid',
        String(UNPRIVILEGED_ID),
        '--gid',
        String(UNPRIVILEGED_ID),
        '--unshare-ipc',
        '--unshare-pid',
        '--unshare-net',
        '--unshare-uts',
        '--unshare-cgroup-try',
      ];
  const drop = spec.root
    ? [
        'setpriv',
        `--reuid=${UNPRIVILEGED_ID}`,
        `--regid=${UNPRIVILEGED_ID}`,
        '--clear-groups',
        '--no-new-privs',
        '--bounding-set=-all',
        '--inh-caps=-all',
        '--',
      ]
    : [];
  const rlimits = [
    'prlimit',
    `--as=${limits.memoryBytes}`,
    `--cpu=${limits.cpuSeconds}`,
    `--fsize=${limits.fileBytes}`,
    '--core=0',
    '--',
  ];
  return [
    spec.bwrap,
    ...namespaces,
    '--die-with-parent',
    '--new-session',
    ...systemView(),
    '--ro-bind',
    path.join(work, 'in'),
    INSIDE.in,
    '--bind',
    path.join(work, 'out'),
    INSIDE.out,
    '--bind',
    path.join(work, 'profile'),
    INSIDE.profile,
    '--bind',
    path.join(work, 'tmp'),
    INSIDE.tmp,
    '--chdir',
    INSIDE.tmp,
    '--clearenv',
    '--setenv',
    'PATH',
    '/usr/bin:/bin',
    '--setenv',
    'HOME',
    INSIDE.tmp,
    '--setenv',
    'TMPDIR',
    INSIDE.tmp,
    '--setenv',
    'LANG',
    'C.UTF-8',
    '--setenv',
    'SAL_USE_VCLPLUGIN',
    'svp',
    '--',
    ...drop,
    ...rlimits,
    ...command,
  ];
}
