Feature: The obstacle tokens
  Transcribes the rulebook sections "Obstacles" (under action c) and "The
  Obstacle Tokens": what an obstacle does to its location, and the effect each
  of the six tokens has on every turn while it lies on the board.

  @FD-OBS-01
  Rule: A location with an obstacle allows no action but removing that obstacle: its person and clue cannot be revealed, used or interrogated
    Source: Game Sequence ¶63; Cards and Tokens ¶99-100

    Example: alone on Wasserwerk, Peter can do nothing there
      Given a 2-player game at difficulty 1
      And the obstacle "Movement -2" lies on "Wasserwerk"
      And it is Peter's action step on "Wasserwerk"
      Then the only action Peter may take is to end the action

    Example: with Justus there, removing the obstacle is the only action
      Given a 2-player game at difficulty 1
      And the obstacle "Movement -2" lies on "Wasserwerk"
      And Justus's figure stands on "Wasserwerk"
      And it is Peter's action step on "Wasserwerk"
      Then the only action Peter may take is to remove the obstacle

  @FD-OBS-02
  Rule: "No Suspects": nobody may interrogate, and no suspect's detective card may be played
    Source: Cards and Tokens ¶101

    Example: Hugenay cannot be interrogated
      Given a 2-player game at difficulty 1
      And the obstacle "No Suspects" lies on "Rathaus"
      And "Victor Hugenay" lies face up at "Jachthafen"
      And it is Peter's action step on "Jachthafen"
      Then Peter cannot interrogate

    Example: the Wolf's Face card is blocked
      Given a 2-player game at difficulty 3
      And the obstacle "No Suspects" lies on "Rathaus"
      And Peter holds "Wolf's Face"
      And "Wolf's Face" lies face up at "Wasserwerk"
      And it is Peter's detective cards step on "Wasserwerk"
      Then Peter cannot play "Wolf's Face"

  @FD-OBS-03
  Rule: "No Helpers": no helper may be used, and no helper's detective card may be played
    Source: Cards and Tokens ¶102

    Example: Aunt Mathilda gives nothing
      Given a 2-player game at difficulty 1
      And the obstacle "No Helpers" lies on "Rathaus"
      And "Aunt Mathilda" lies face up at "Schrottplatz"
      And it is Peter's action step on "Schrottplatz"
      Then Peter cannot use the helper

    Example: Uncle Titus removes nothing, even with a roadblock on the board
      Given a 2-player game at difficulty 1
      And the obstacle "No Helpers" lies on "Rathaus"
      And a roadblock lies between "Hospital" and "Kunstgalerie"
      And "Uncle Titus" lies face up at "Schrottplatz"
      And it is Peter's action step on "Schrottplatz"
      Then Peter cannot use the helper

    Example: Morton returns nobody, even with a suspect in hiding
      Given a 2-player game at difficulty 1
      And the obstacle "No Helpers" lies on "Rathaus"
      And "Victor Hugenay" is in hiding beside the board
      And "Morton" lies face up at "Schrottplatz"
      And it is Peter's action step on "Schrottplatz"
      Then Peter cannot use the helper

    Example: the Morton card is blocked
      Given a 2-player game at difficulty 4
      And the obstacle "No Helpers" lies on "Rathaus"
      And Peter holds "Morton"
      And "Morton" lies face up at "Hospital"
      And it is Peter's detective cards step on "Hospital"
      Then Peter cannot play "Morton"

  @FD-OBS-04
  Rule: "No Detective Cards": nobody may draw or play a detective card, not even the card a removal earns
    Source: Cards and Tokens ¶103

    Example: nothing to draw in the Central Office, nothing to play
      Given a 2-player game at difficulty 4
      And the obstacle "No Detective Cards" lies on "Rathaus"
      And Justus holds "Investigation Success"
      And it is Peter's action step on "Zentrale"
      Then Peter cannot draw a detective card
      And Justus cannot play "Investigation Success"

    Example: removing another obstacle earns no card
      Given a 2-player game at difficulty 1
      And the obstacle "No Detective Cards" lies on "Rathaus"
      And the obstacle "Movement -2" lies on "Wasserwerk"
      And Justus's figure stands on "Wasserwerk"
      And it is Peter's action step on "Wasserwerk"
      When Peter removes the obstacle
      Then no obstacle lies on "Wasserwerk"
      And 0 detective cards are to be drawn for Peter

  @FD-OBS-05 @ruling
  Rule: Removing the "No Detective Cards" obstacle itself earns the usual detective card
    Source: Cards and Tokens ¶103
    The card is drawn after the removal, and by then the token that forbade the
    draw has left the board.

    Example: Peter and Justus remove "No Detective Cards"
      Given a 2-player game at difficulty 1
      And the obstacle "No Detective Cards" lies on "Wasserwerk"
      And Justus's figure stands on "Wasserwerk"
      And it is Peter's action step on "Wasserwerk"
      When Peter removes the obstacle
      Then 1 detective cards are to be drawn for Peter

  @FD-OBS-06
  Rule: "Hazard Die x2": every hazard symbol rolled moves its indicator two spaces
    Source: Cards and Tokens ¶104

    Example: red moves two
      Given a 2-player game at difficulty 2
      And the obstacle "Hazard Die x2" lies on "Leuchtturm"
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      Then the red hazard indicator stands on space 4

  @FD-OBS-07 @ruling
  Rule: "Hazard Die x2" doubles the star as well
    Source: Cards and Tokens ¶104
    The star is one of the die's hazard symbols, and the token doubles all of
    them: the chosen indicator moves two spaces.

    Example: a star moves white two
      Given a 2-player game at difficulty 2
      And the obstacle "Hazard Die x2" lies on "Leuchtturm"
      And Peter has rolled "star" and 3
      When Peter moves the white hazard indicator
      Then the white hazard indicator stands on space 4

  @FD-OBS-08 @model-tracks
  Rule: With "Hazard Die x2" on the board, an event token that doubles the die's result moves the indicator four spaces in all
    Source: Cards and Tokens ¶104

    Example: red moves 2 for the die and 2 more for the token
      Given a 2-player game at difficulty 4
      And the obstacle "Hazard Die x2" lies on "Leuchtturm"
      And no event token lies on the red track
      And the event token "double the hazard die" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      Then the red hazard indicator stands on space 8

  @FD-OBS-09 @model-tracks
  Rule: "Event Symbols x2": every hazard symbol on an event token counts twice when it is carried out
    Source: Cards and Tokens ¶105

    Example: a two-symbol token moves blue four
      Given a 2-player game at difficulty 5
      And the obstacle "Event Symbols x2" lies on "Leuchtturm"
      And no event token lies on the blue track
      And the event token "2 blue" lies on space 6 of the white track
      And Peter has rolled "white" and 3
      When Peter moves the white hazard indicator
      And Peter carries out the event
      Then the blue hazard indicator stands on space 9

  @FD-OBS-10 @ruling @model-tracks
  Rule: Each "x2" token doubles only its own symbols: the die's with "Hazard Die x2", the event tokens' with "Event Symbols x2"; both together double each source once
    Source: Cards and Tokens ¶104-105
    The token that doubles the die's result shows no hazard symbol of its own,
    so "Event Symbols x2" leaves it alone; the two tokens never multiply each
    other.

    Example: with only "Event Symbols x2", the doubling token adds one space
      Given a 2-player game at difficulty 5
      And the obstacle "Event Symbols x2" lies on "Leuchtturm"
      And no event token lies on the red track
      And the event token "double the hazard die" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      Then the red hazard indicator stands on space 7

    Example: with both, a one-symbol token moves two and the die two
      Given a 2-player game at difficulty 4
      And the obstacle "Event Symbols x2" lies on "Leuchtturm"
      And the obstacle "Hazard Die x2" lies on "Rathaus"
      And no event token lies on the red track
      And no event token lies on the blue track
      And the event token "1 blue" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      Then the red hazard indicator stands on space 6
      And the blue hazard indicator stands on space 6

  @FD-OBS-11 @model-board
  Rule: "Movement -2": every movement is two spaces shorter
    Source: Cards and Tokens ¶106

    Example: a 4 reaches only two spaces
      Given a 2-player game at difficulty 1
      And the obstacle "Movement -2" lies on "Leuchtturm"
      And Peter has rolled "red" and 4
      And it is Peter's movement step on "Zentrale"
      Then Peter cannot move to "Rathaus"
      And Peter may move to "Rathaus~Zentrale:1"

  @FD-OBS-12 @ruling @model-board
  Rule: "Movement -2" never makes a movement less than zero spaces
    Source: Cards and Tokens ¶106
    A 1 less two would be a step backwards, which the rulebook does not know;
    the figure simply stays.

    Example: a 1 leaves Peter where he is
      Given a 2-player game at difficulty 1
      And the obstacle "Movement -2" lies on "Leuchtturm"
      And Peter has rolled "red" and 1
      And it is Peter's movement step on "Zentrale"
      Then Peter may move to "Zentrale"
      And Peter cannot move to "Schrottplatz~Zentrale:2"
