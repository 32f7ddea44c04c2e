ALTER TABLE `assignments` ADD `classroom_course_id` text;--> statement-breakpoint
ALTER TABLE `assignments` ADD `classroom_course_work_id` text;--> statement-breakpoint
ALTER TABLE `assignments` ADD `classroom_owned` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `assignments` ADD `classroom_max_points` real;--> statement-breakpoint
CREATE UNIQUE INDEX `assignments_teacher_coursework_idx` ON `assignments` (`teacher_id`,`classroom_course_work_id`);--> statement-breakpoint
ALTER TABLE `classes` ADD `classroom_course_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `classes_teacher_classroom_idx` ON `classes` (`teacher_id`,`classroom_course_id`);--> statement-breakpoint
ALTER TABLE `students` ADD `google_user_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `students_teacher_google_idx` ON `students` (`teacher_id`,`google_user_id`);--> statement-breakpoint
ALTER TABLE `submissions` ADD `classroom_submission_id` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `classroom_late` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `submissions` ADD `classroom_sync` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `classroom_sent_grade` real;--> statement-breakpoint
ALTER TABLE `submissions` ADD `classroom_sync_error` text;