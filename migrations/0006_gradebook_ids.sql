ALTER TABLE `assignments` ADD `canvas_assignment_id` text;--> statement-breakpoint
ALTER TABLE `students` ADD `login_id` text;