process.env.DATABASE_PATH = "/tmp/g/base100k.db"; process.env.VIGIMMO_SILENT_LOGS = "true";
const { getSqlite, closeDb } = await import("~/utils/db.server");
const { createUser } = await import("~/services/users.server");
const { seedListings } = await import("~/services/demo-data.server");
const userId = await createUser({ email: "p@example.fr", password: "xxxxxxxx", fullName: "P" });
seedListings(userId, 100000, 42);
getSqlite().prepare(`update properties set status='pending', ai_checked_at=null, ai_flag_reason=null, ai_confidence=null`).run();
closeDb(); console.log(userId);
