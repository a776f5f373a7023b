module example.com/reminders

go 1.22

require example.com/platform v1.0.0

replace example.com/platform => ./platform
