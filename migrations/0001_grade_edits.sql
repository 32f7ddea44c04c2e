CREATE TABLE `grade_edits` (
	`id` text PRIMARY KEY NOT NULL,
	`teacher_id` text NOT NULL,
	`submission_id` text NOT NULL,
	`question_number` text,
	`field` text NOT NULL,
	`old_value` text,
	`new_value` text,
	`edited_by` text NOT NULL,
	`edited_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`teacher_id`) REFERENCES `teachers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `grade_edits_submission_idx` ON `grade_edits` (`submission_id`);