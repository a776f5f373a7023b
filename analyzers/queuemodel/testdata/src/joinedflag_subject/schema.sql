CREATE TABLE courses (id bigserial PRIMARY KEY, title text NOT NULL, announced boolean NOT NULL DEFAULT false);
CREATE TABLE enrolments (course_id bigint NOT NULL REFERENCES courses, student_id bigint NOT NULL, email text NOT NULL, PRIMARY KEY (course_id, student_id));
ALTER TABLE enrolments ADD COLUMN welcomed boolean NOT NULL DEFAULT false;
