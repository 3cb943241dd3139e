/**
 * The command line of issue 30's database tools (run by the root scripts through the server package):
 *
 *   npm run db:move -- --to postgres://… [--uploads-to-s3]
 *   npm run backup [-- --out <folder>]
 *   npm run restore -- <backup folder>
 *
 * Configuration as the server reads it (DATA_DIR, DATABASE_URL, S3_*). Exit code 0 when done, 1 when refused
 * or failed, with the reason in Spanish.
 */
import { resolve } from 'node:path';
import { loadEnv } from '../env.ts';
import { backup, moveToPostgres, RefusedError, restore } from './db-tools.ts';
import { failureText } from './failures.ts';

const usage = `Uso:
  npm run db:move -- --to postgres://usuario@host:5432/base [--uploads-to-s3]
  npm run backup [-- --out <carpeta>]
  npm run restore -- <carpeta de la copia>`;

function option(args: string[], name: string): string | undefined {
  const i = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  const arg = args[i]!;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[i + 1];
}

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  const env = loadEnv();
  const log = (line: string) => console.log(line);
  const cwd = process.env.INIT_CWD ?? process.cwd();
  switch (command) {
    case 'move': {
      const to = option(args, '--to');
      if (!to) throw new RefusedError(`Falta --to.\n${usage}`);
      const report = await moveToPostgres({ env, to, uploadsToS3: args.includes('--uploads-to-s3'), log });
      const width = Math.max(...report.tables.map((t) => t.table.length));
      console.log('Copiado a PostgreSQL (tabla: filas):');
      for (const t of report.tables) console.log(`  ${t.table.padEnd(width)}  ${t.rows}`);
      console.log(
        `  ${report.tables.reduce((n, t) => n + t.rows, 0)} filas en ${report.tables.length} tablas`,
      );
      if (report.sequences) console.log(`  ${report.sequences} secuencias ajustadas`);
      console.log(
        args.includes('--uploads-to-s3')
          ? `  ${report.uploads} archivos copiados al bucket ${env.S3_BUCKET}`
          : `  Los archivos siguen en ${resolve(env.dataDir, 'uploads')}`,
      );
      console.log('Arranca el servidor con DATABASE_URL apuntando a la nueva base de datos.');
      return 0;
    }
    case 'backup': {
      const out = resolve(cwd, option(args, '--out') ?? `backups/estudio-${stamp()}`);
      const m = await backup({ env, out, log });
      console.log(
        `Copia de seguridad en ${out}: ${m.database === 'pglite' ? 'base de datos integrada' : `PostgreSQL ${m.serverVersion}`} (${m.dump}), ` +
          (m.uploads === 's3'
            ? 'archivos en S3 (el bucket se respalda por su cuenta)'
            : `${m.files} archivos (${m.bytes} bytes)`),
      );
      return 0;
    }
    case 'restore': {
      const from = args.find((a) => !a.startsWith('--'));
      if (!from) throw new RefusedError(`Falta la carpeta de la copia.\n${usage}`);
      const m = await restore({ env, from: resolve(cwd, from), log });
      console.log(
        `Restaurada la copia del ${m.createdAt} (${m.database === 'pglite' ? `base de datos integrada en ${resolve(env.dataDir, 'db')}` : 'PostgreSQL'}` +
          `${m.uploads === 'local' ? `, ${m.files} archivos` : ''}). Ya puedes arrancar el servidor.`,
      );
      return 0;
    }
    default:
      console.error(usage);
      return 1;
  }
}

const debug = Boolean(process.env.DEBUG) || ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '');

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(failureText(error, debug));
    process.exit(1);
  },
);
